/** Every threshold, in units of the frame or of time, in one place. */
export const SCENE_RULES = {
  /** A unit whose box passes the frame edge by more than this share of the frame's side is cut (antialiasing stays below). */
  edgeTolerance: 0.004,
  /** A shape whose root spans this share of the frame in both directions is structure (a plane, a field, a backdrop). */
  frameFilling: 0.9,
  /** A camera frame narrower than this share of Manim's default frame is a close-up: what it crops is framing. */
  closeUp: 0.95,
  /** Findings about a state hold for at least this long at rest (ms). */
  minRestMs: 300,
  /** Cut at rest: this share of a text's box outside the frame makes it HIGH. */
  cutHigh: 0.4,
  /** Two texts overlap when their boxes share more than this part of the smaller one. */
  textOverlap: 0.08,
  /** A stroke crosses a text when its length inside the text's inner box is at least this share of that box's height (70% of the text's). */
  strokeCrossing: 0.9,
  /** A text straddles a filled shape when this share of its box (and no more than the complement) lies over the fill. */
  straddle: [0.15, 0.85] as const,
  /** Fills at least this opaque hide what a text straddles. */
  opaqueFill: 0.6,
  /** Legible text: the median glyph at least this many pixels and this share of the frame's height. */
  minGlyphPx: 7,
  minGlyphShare: 0.012,
  /** Below this share of the legible size, tiny text is HIGH. */
  tinyHigh: 0.6,
  /** APCA lightness contrast (Lc): below each, the severity beside it. Under 15 text is not seen, under 30 it is below APCA's minimum for any text, under 45 below its level for large text. */
  contrast: [
    [15, 'HIGH'],
    [30, 'MEDIUM'],
    [45, 'LOW'],
  ] as const,
  /**
   * The Lc a suggested or repaired text colour reaches: APCA's level for body text, clear of every
   * finding, and over WCAG 2's 4.5:1 as well, which the pixel judge holds text to where there is no source.
   */
  readableContrast: 75,
  /** Text counts as shown when at least this opaque (fading in or out is not its colour). */
  settledOpacity: 0.9,
  /** Texts of one group aligned to within this share of their height (plus a pixel) are placed by rule (Manim places them exactly). */
  alignment: 0.05,
  /** Texts of one group within this many text heights of each other are one cluster to read (a group may hold several tables). */
  clusterGap: 4,
  /** Texts in R rows and C columns form a grid when R x C is at most this many times their number (a few empty cells). */
  gridFill: 1.25,
  /** A group whose texts are at least this share placed by rule (a grid, an even line) is one structure to read. */
  laidOut: 0.75,
  /** Readable things on screen at once: above the first MEDIUM clutter, above the second HIGH. */
  clutter: [20, 40] as const,
  /** Left on screen: idle for at least this long after its last animation (ms). */
  leftoverMs: 3000,
  /** Reading rate for on-screen text: Netflix's Timed Text Style Guide, adult programs (17 characters a second, spaces included). */
  readingCps: 17,
  /** The shortest time any text needs: the same guide's minimum duration of a subtitle, 5/6 s (ms). */
  minReadingMs: 833,
  /** A formula's drawn symbol weighs as much as this many characters of prose (docs/math-and-reading.md). */
  formulaSymbolChars: 2.25,
  /** Readable for less than this share of what it needs is too short by a clear margin (MEDIUM). */
  readingShort: 0.5,
  /** Texts of one group that come and go within this many ms of each other are read as one (a paragraph in lines). */
  togetherMs: 150,
} as const;
