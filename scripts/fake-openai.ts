/**
 * The testkit's fake OpenAI-compatible endpoint as a judge on a loopback port,
 * for trying LLM-judge configurations without a model (docs/calibration.md):
 * it answers every request as a judge would from what the request showed it
 * (each kind's local scorer over the frames and text it was sent) and bills
 * tokens by OpenAI's published rules.
 *
 *   tsx scripts/fake-openai.ts [--port N] [--key K]                  serves until Ctrl-C
 *   tsx scripts/fake-openai.ts [--port N] [--key K] -- COMMAND ARGS   serves while COMMAND runs, exits with its status
 *
 * Defaults: port 18931, key sk-fake-calibration (examples/calibration/fake-openai.env points there).
 */
import { spawn } from 'node:child_process';
import { startFakeOpenAI } from '../testkit/fake-openai';
import { answerAsLocalJudge } from '../testkit/local-judge';
import { runMain } from '../testkit/offline-env';

function option(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

runMain('fake-openai', async () => {
  const all = process.argv.slice(2);
  const split = all.indexOf('--');
  const own = split >= 0 ? all.slice(0, split) : all;
  const command = split >= 0 ? all.slice(split + 1) : [];
  const port = Number(option(own, '--port', '18931'));
  const fake = await startFakeOpenAI({ port, apiKey: option(own, '--key', 'sk-fake-calibration'), judge: answerAsLocalJudge });
  process.stderr.write(`fake OpenAI-compatible judge on ${fake.baseUrl}\n`);
  let status = 0;
  if (command.length) {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
    // Ctrl-C reaches the command itself (same process group); the fake serves until it exits.
    process.on('SIGINT', () => undefined);
    status = await new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1))));
  } else {
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  }
  await fake.close();
  process.stderr.write(`fake judge answered ${fake.requests.length} requests\n`);
  if (status !== 0) process.exit(status);
});
