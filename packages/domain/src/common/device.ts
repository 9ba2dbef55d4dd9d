// A module of their own: the desktop block is in every page's first download (web/src/shared/DesktopBlock.tsx),
// and importing constants.ts for them would bring the pairs, conditions and formats with it.
export const DESKTOP_MIN_WIDTH_PX = 1024;

export const DESKTOP_BLOCK_MESSAGE = 'Please use a tablet or mobile device';
