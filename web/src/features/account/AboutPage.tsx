import { PageHeader } from '../../shared/PageHeader';

export default function AboutPage() {
  return (
    <main className="page prose">
      <PageHeader title="About us" />
      <p>
        Price Alerts watches currency pairs, gold and crypto for you and tells you, by email or push, the moment a price
        you care about is reached.
      </p>
      <h2>How alerts work</h2>
      <ul>
        <li>
          <strong>Price rising above</strong> fires when the ask price is at or above your trigger price.
        </li>
        <li>
          <strong>Price dropping below</strong> fires when the ask price is at or below it.
        </li>
        <li>
          <strong>Price reaching</strong> fires when the price touches your trigger from either side, even if it jumps
          across it between two ticks.
        </li>
      </ul>
      <p>Each alert fires once, then moves to your previous alerts. Pause an alert to skip it for a while.</p>
    </main>
  );
}
