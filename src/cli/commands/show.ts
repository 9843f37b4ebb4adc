import { loadConfig } from '../../config';
import { getEvalRunCosts, getPipelineRun } from '../../api/read-model';
import { openDatabase } from '../../db/database';
import { formatRun } from '../format';
import { parseArgs, say, UsageError } from '../io';

export async function showCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { issues: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new UsageError('show takes exactly one pipeline run id');
  const config = loadConfig();
  const db = await openDatabase(config, say);
  try {
    const response = await getPipelineRun(db.pool, positionals[0], { includeIssues: values.issues });
    if (!response) {
      say(`pipeline run ${positionals[0]} not found`);
      return 1;
    }
    if (values.json) process.stdout.write(`${JSON.stringify(response)}\n`);
    else process.stdout.write(`${formatRun(response.evalPipelineRun, await getEvalRunCosts(db.pool, positionals[0]), { issues: values.issues })}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

