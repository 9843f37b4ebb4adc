/** Text cut to at most `max` characters, an ellipsis marking the cut: how every message, summary and table shortens what it quotes. */
export const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Text on one line: every run of whitespace (a source's or a formula's line breaks) as one space. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ');
