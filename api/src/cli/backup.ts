// npm run backup [-- <file>]
// A consistent copy of the database while the platform runs; by default into DATA_DIR/backups/.
import { resolve } from 'node:path';
import { env } from '../env';
import { backupDatabase } from '../db/backup';

const [destination] = process.argv.slice(2).filter((a) => a !== '--');
try {
  const { file, pages } = await backupDatabase(
    env.database,
    env.dataDir,
    destination ? resolve(process.cwd(), destination) : undefined,
  );
  console.log(`Backed up ${env.database.engine === 'sqlite' ? env.database.file : 'the database'} (${pages} pages) to ${file}`);
  console.log('Uploaded images are files: copy DATA_DIR/uploads/ alongside it.');
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
