import './SkeletonRows.css';

/** A skeleton row's height with the border between rows (SkeletonRows.css, AlertsPanel.css). */
export const SKELETON_ROW_PX = 65;

/**
 * Grey rows shaped like alert rows, shown while a list's first snapshot is on its way: the list
 * is unknown, not empty. Hidden from assistive technology, which hears one honest sentence; the
 * container carries aria-busy.
 */
export function SkeletonRows({ count = 3 }: { count?: number }) {
  return (
    <>
      <p className="visually-hidden">Loading alerts</p>
      <ul className="alert-list skeleton-list" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="skeleton-row">
            <span className="skeleton-main">
              <span className="skeleton skeleton-pair" />
              <span className="skeleton skeleton-type" />
            </span>
            <span className="skeleton-side">
              <span className="skeleton skeleton-price" />
              <span className="skeleton skeleton-date" />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
