/** Polls `check` until it holds; fails with `describe()` after `timeoutMs` or when `abort` settles first. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describe: () => string,
  abort?: Promise<unknown>,
): Promise<void> {
  let aborted = false;
  void abort?.then(() => (aborted = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (aborted || Date.now() > deadline) throw new Error(describe());
    await new Promise((r) => setTimeout(r, 100));
  }
}
