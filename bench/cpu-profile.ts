// A CPU profile of one stretch of a benchmark (not of its set-up), written as a .cpuprofile file that
// Chrome DevTools or `node --cpu-prof`-style tools open.
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { dirname } from 'node:path';

export async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return session;
}

export async function stopProfile(session: Session, file: string): Promise<void> {
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(profile));
}
