// Reads and checks the floor file (brands, machines, games, pictures). A file that cannot be
// used stops the start with one message naming the file and each problem, never a stack trace.
import { readFileSync } from 'node:fs';
import { games, looks } from '@reelcast/egm';
import { type FloorFile, floorFileSchema } from '@reelcast/protocol/floor';
import { defaultFloorFile } from '../paths';

/** The floor that ships with Reelcast: apps/server/floor/floor.json. */
export { defaultFloorFile };

export class FloorFileError extends Error {
  override name = 'FloorFileError';
}

// Games and looks are checked here: the protocol package does not know the game library.
const withKnownGames = floorFileSchema.superRefine((floor, ctx) => {
  floor.machines.forEach((m, i) => {
    if (!Object.hasOwn(games, m.game))
      ctx.addIssue({
        code: 'custom',
        path: ['machines', i, 'game'],
        message: `"${m.game}" is not a game (one of ${Object.keys(games).join(', ')})`,
      });
    if (m.look !== undefined && !Object.hasOwn(looks, m.look))
      ctx.addIssue({
        code: 'custom',
        path: ['machines', i, 'look'],
        message: `"${m.look}" is not a look (one of ${Object.keys(looks).join(', ')})`,
      });
  });
});

/** Checks parsed JSON; `file` only names the source in the message. */
export function checkFloorFile(json: unknown, file: string): FloorFile {
  const parsed = withKnownGames.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (i) => `  ${i.path.join('.') || '(the file)'}: ${i.message}`,
  );
  throw new FloorFileError(`Invalid floor file ${file}:\n${problems.join('\n')}`);
}

export function readFloorFile(file: string = defaultFloorFile): FloorFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new FloorFileError(`Cannot read the floor file ${file}: ${reason}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new FloorFileError(`The floor file ${file} is not JSON: ${(err as Error).message}`);
  }
  return checkFloorFile(json, file);
}
