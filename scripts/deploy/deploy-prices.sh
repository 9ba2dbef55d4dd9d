#!/usr/bin/env bash
# Deploys live prices to Cloud Run: the ingest service (one instance, the one upstream connection)
# and the price relays (scaled by Cloud Run, up to 1,000 app sockets an instance), each from its own
# image holding only what it runs (packages/feed/build.mjs).
# docs/deploy.md says what each setting is for and what the project needs first (the secrets and
# the two service accounts).
#   scripts/deploy/deploy-prices.sh <project-id> <region> <upstream-url> [max-relays]
set -euo pipefail

usage="usage: $0 <project-id> <region> <upstream-url> [max-relays]"
project="${1:?$usage}"
region="${2:?$usage}"
upstream="${3:?$usage}"
max_relays="${4:-120}"
here="$(cd "$(dirname "$0")/../.." && pwd)"

(cd "$here" && npm run build -w packages/feed >/dev/null)

# One instance: there is one upstream connection. CPU always on: it aggregates and publishes between
# requests. An hour's timeout: a relay's feed socket is a request, and reconnects within its 5 s grace.
gcloud run deploy ingest --project "$project" --region "$region" --source "$here/packages/feed/dist/ingest" \
  --min-instances 1 --max-instances 1 --no-cpu-throttling --cpu 1 --memory 1Gi \
  --concurrency 1000 --timeout 3600 \
  --service-account "ingest@${project}.iam.gserviceaccount.com" \
  --set-env-vars "FEED_UPSTREAM_URL=${upstream},GOOGLE_CLOUD_PROJECT=${project},INGEST_APP_SOCKETS=off" \
  --set-secrets "FEED_API_KEY=feed-api-key:latest,INTERVALS_SIGNING_KEY=intervals-signing-key:latest,RELAY_FEED_KEY=relay-feed-key:latest" \
  --allow-unauthenticated --quiet

ingest_url="$(gcloud run services describe ingest --project "$project" --region "$region" --format 'value(status.url)')"
feed_url="${ingest_url/https:/wss:}/feed"

# Each open app socket is a request: 1,000 (Cloud Run's maximum) per instance, one vCPU (required for
# more than one at a time). The timeout is Cloud Run's longest; the relay closes each socket itself
# after 40 to 50 minutes (RELAY_SOCKET_LIFETIME_MS) and on SIGTERM over 8 s, both the planned way the
# app reconnects from unseen. CPU always on: ticks are sent between requests. One warm instance.
# A new instance takes app sockets only once /health says it is fed by the ingest (checked every 2 s,
# given 2 minutes), not as soon as its port opens: an app landing there would get no price.
gcloud run deploy relay --project "$project" --region "$region" --source "$here/packages/feed/dist/relay" \
  --startup-probe httpGet.path=/health,periodSeconds=2,timeoutSeconds=1,failureThreshold=60 \
  --min-instances 1 --max-instances "$max_relays" --no-cpu-throttling --cpu 1 --memory 512Mi \
  --concurrency 1000 --timeout 3600 \
  --service-account "relay@${project}.iam.gserviceaccount.com" \
  --set-env-vars "RELAY_FEED_URL=${feed_url},GOOGLE_CLOUD_PROJECT=${project},RELAY_SOCKET_LIFETIME_MS=3000000,RELAY_DRAIN_MS=8000" \
  --set-secrets "RELAY_FEED_KEY=relay-feed-key:latest" \
  --allow-unauthenticated --quiet

relay_url="$(gcloud run services describe relay --project "$project" --region "$region" --format 'value(status.url)')"
echo "Build the web app with VITE_PRICE_FEED_URL=${relay_url/https:/wss:}/prices"
