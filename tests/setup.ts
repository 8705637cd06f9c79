export default function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  if (process.env.CI) {
    throw new Error('CI must run the database tests on Postgres too: set TEST_DATABASE_URL.');
  }
  console.warn('\n[tests] TEST_DATABASE_URL is not set: database tests run on SQLite only; Postgres runs are skipped.\n');
}
