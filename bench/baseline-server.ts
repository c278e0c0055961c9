import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

/**
 * The baseline the issue measures the app against: a bare node:http handler that runs, with `pg` directly,
 * the very statements the app ran for the same read and owner (captured by bench/run.ts), and answers their
 * rows as JSON. No framework, no session, no validation: what the database and Node cost alone.
 *
 * argv: <spec.json> <port>; DATABASE_URL in the environment.
 */
interface Statement {
  text: string;
  params: unknown[];
}
type Spec = Record<string, Record<string, Statement[]>>;

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Spec;
const port = Number(process.argv[3]);
// The app's own pool size (server/db/client.ts), so both wait for connections alike.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});

const server = http.createServer((req, res) => {
  const read = spec[decodeURIComponent((req.url ?? '/').slice(1))];
  const statements = read?.[String(req.headers['x-owner'])];
  if (!statements) {
    res.writeHead(404).end();
    return;
  }
  Promise.all(statements.map((s) => pool.query(s.text, s.params))).then(
    (results) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(results.map((r) => r.rows)));
    },
    (error: unknown) => {
      res.writeHead(500).end(String(error));
    },
  );
});
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
