/**
 * The chart's look, from the app's design tokens (tokens.css) so it follows the light and dark schemes, and
 * its times in the device's zone: the library itself draws every time as UTC.
 */
import { ColorType, type Time } from 'lightweight-charts';

export function colors(host: HTMLElement) {
  const css = getComputedStyle(host);
  const v = (name: string) => css.getPropertyValue(name).trim();
  return {
    text: v('--muted'),
    surface: v('--surface'),
    grid: v('--border'),
    up: v('--success'),
    down: v('--danger'),
    level: v('--primary'),
    faint: v('--border-strong'),
    guide: v('--warning'),
  };
}

export const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
export const dayOfMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
export const crosshairTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
export const msOf = (time: Time) => (time as number) * 1000;

export function themed(host: HTMLElement) {
  const c = colors(host);
  return {
    // The license's link to TradingView is shown as text under the chart (ChartPanel), where a screen reader
    // and the keyboard reach it; the logo would sit inside the slider, a link inside a control.
    layout: { background: { type: ColorType.Solid, color: c.surface }, textColor: c.text, attributionLogo: false },
    grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
    rightPriceScale: { borderColor: c.grid },
    timeScale: { borderColor: c.grid },
  };
}
