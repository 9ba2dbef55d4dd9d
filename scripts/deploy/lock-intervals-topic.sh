#!/usr/bin/env bash
# Only the ingest service may publish to the price-intervals topic: a well-formed forged message
# fires alerts and sends notifications. Run once per project after the first deploy, and again
# whenever the ingest service's account changes.
#   scripts/deploy/lock-intervals-topic.sh <project-id> <ingest-service-account-email>
set -euo pipefail

usage="usage: $0 <project-id> <ingest-service-account-email>"
project="${1:?$usage}"
ingest="${2:?$usage}"
topic="price-intervals"

# The topic's own policy: publisher for the ingest service's account and nobody else. The evaluator
# needs no grant here: its trigger's subscription is owned by Eventarc, which reads, not publishes.
policy="$(mktemp)"
trap 'rm -f "$policy"' EXIT
cat >"$policy" <<JSON
{
  "bindings": [
    { "role": "roles/pubsub.publisher", "members": ["serviceAccount:${ingest}"] }
  ]
}
JSON
gcloud pubsub topics set-iam-policy "$topic" "$policy" --project "$project"

# A topic policy cannot take away what the project grants. Anyone holding one of these roles on the
# project can still publish: list them so they can be narrowed (the ingest service must not run as
# the default compute account, which has Editor).
echo "Members who can still publish through project-wide roles (narrow these):"
gcloud projects get-iam-policy "$project" \
  --flatten="bindings[].members" \
  --filter="bindings.role:(roles/owner roles/editor roles/pubsub.admin roles/pubsub.editor roles/pubsub.publisher)" \
  --format="table(bindings.role, bindings.members)"
