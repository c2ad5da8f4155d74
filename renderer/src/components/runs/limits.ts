/** Runs one comparison takes at most: more overlaid lines than this stop being readable. */
export const MAX_COMPARED = 8;
