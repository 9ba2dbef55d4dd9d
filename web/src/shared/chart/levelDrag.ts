/**
 * Dragging the trigger line of a chart with a finger or a mouse. The chart library pans on its own touch
 * and mouse events, which it listens for on elements inside `host`; these listeners sit on `host` in the
 * capture phase, so a press on the line is taken before the chart sees it: the chart does not pan, and the
 * touch's default (scrolling the page) is cancelled. A press anywhere else goes on to the chart untouched.
 */

/** How near the line a press must land, in CSS pixels: a fingertip covers far more than a pointer. */
export const TOUCH_SLOP_PX = 22;
export const MOUSE_SLOP_PX = 8;

export interface LevelDragTarget {
  /** The line's y in the host's coordinates, or null when it is not drawn (no level, off scale). */
  lineY(): number | null;
  /** The price at a y in the host's coordinates. */
  priceAt(y: number): number | null;
  start(): void;
  move(price: number): void;
  end(): void;
}

/** Whether a press at `y` takes the line rather than the chart. */
export function hitsLine(lineY: number | null, y: number, slop: number): boolean {
  return lineY !== null && Math.abs(lineY - y) <= slop;
}

export function attachLevelDrag(host: HTMLElement, target: LevelDragTarget): () => void {
  let touchId: number | null = null;
  let mouse = false;
  const yIn = (clientY: number) => clientY - host.getBoundingClientRect().top;
  const moveTo = (clientY: number) => {
    const price = target.priceAt(yIn(clientY));
    if (price !== null && price > 0) target.move(price);
  };
  const take = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (touchId !== null || event.touches.length !== 1 || !touch) return;
    if (!hitsLine(target.lineY(), yIn(touch.clientY), TOUCH_SLOP_PX)) return;
    take(event);
    touchId = touch.identifier;
    target.start();
  };
  const ours = (event: TouchEvent) =>
    touchId === null ? undefined : [...event.changedTouches].find((t) => t.identifier === touchId);
  const onTouchMove = (event: TouchEvent) => {
    const touch = ours(event);
    if (!touch) return;
    take(event);
    moveTo(touch.clientY);
  };
  const onTouchEnd = (event: TouchEvent) => {
    if (!ours(event)) return;
    take(event);
    touchId = null;
    target.end();
  };

  const onMouseMove = (event: MouseEvent) => {
    event.preventDefault();
    moveTo(event.clientY);
  };
  const onMouseUp = () => {
    mouse = false;
    window.removeEventListener('mousemove', onMouseMove, true);
    window.removeEventListener('mouseup', onMouseUp, true);
    target.end();
  };
  const onMouseDown = (event: MouseEvent) => {
    if (mouse || event.button !== 0 || !hitsLine(target.lineY(), yIn(event.clientY), MOUSE_SLOP_PX)) return;
    take(event);
    mouse = true;
    target.start();
    // On the window: a drag that leaves the chart keeps moving the line until the button is let go.
    window.addEventListener('mousemove', onMouseMove, true);
    window.addEventListener('mouseup', onMouseUp, true);
  };
  // Over the line the pointer says it can be moved up and down.
  const onHover = (event: MouseEvent) => {
    if (mouse) return;
    host.style.cursor = hitsLine(target.lineY(), yIn(event.clientY), MOUSE_SLOP_PX) ? 'ns-resize' : '';
  };

  // Not passive: cancelling a touch on the line is what keeps the page from scrolling under it.
  const active = { capture: true, passive: false } as const;
  const listeners = [
    ['touchstart', onTouchStart, active],
    ['touchmove', onTouchMove, active],
    ['touchend', onTouchEnd, active],
    ['touchcancel', onTouchEnd, active],
    ['mousedown', onMouseDown, true],
    ['mousemove', onHover, true],
  ] as const;
  for (const [type, listener, options] of listeners) host.addEventListener(type, listener as EventListener, options);
  return () => {
    for (const [type, listener, options] of listeners)
      host.removeEventListener(type, listener as EventListener, options);
    if (mouse) onMouseUp();
  };
}
