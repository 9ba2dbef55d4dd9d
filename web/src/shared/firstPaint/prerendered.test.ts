import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_TAP_MS, replayHeldTap } from './prerendered';

function appWithButtons(...labels: string[]) {
  const root = document.createElement('div');
  const clicks: string[] = [];
  for (const label of labels) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => clicks.push(label));
    root.append(button);
  }
  return { root, clicks };
}

afterEach(() => {
  delete window.priceAlertsTakeHeldTap;
  vi.useRealTimers();
});

describe('replayHeldTap', () => {
  it.each([
    // case, the app's button, the held tap's text, its age, clicks replayed
    ['replays a fresh tap on the button that says the same', 'Continue with Google', 'Continue with Google', 0, 1],
    ['drops a tap when the button there says something else', 'Reload', 'Continue with Google', 0, 0],
    ['drops a tap older than HELD_TAP_MS', 'Continue with Google', 'Continue with Google', HELD_TAP_MS + 1, 0],
  ])('%s', (_case, appButton, heldText, age, replayed) => {
    vi.useFakeTimers();
    const { root, clicks } = appWithButtons(appButton);
    window.priceAlertsTakeHeldTap = () => ({ selector: 'button', index: 0, text: heldText, at: Date.now() - age });
    replayHeldTap(root);
    vi.runAllTimers();
    expect(clicks).toHaveLength(replayed);
  });

  it('does nothing on a page without the loader', () => {
    const { root, clicks } = appWithButtons('Log in');
    expect(() => replayHeldTap(root)).not.toThrow();
    expect(clicks).toEqual([]);
  });
});
