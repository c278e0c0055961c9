// Writes a brotli (.br) and a gzip (.gz) copy beside each text asset of the client build, once, at the
// highest levels: the server hands them out as they are (server/lib/precompressed.ts), so no request pays
// for compressing the same file again and phones get the smallest bytes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve('dist/public/assets');
const TEXT = /\.(js|css|svg|json|txt)$/;
const MIN_BYTES = 1024;
/** Besides the hashed assets: the website widget's script (scripts/build-widget.ts), served at /widget.js. */
const WIDGET = path.resolve('dist/public/widget.js');

let files = 0;
const targets = fs.readdirSync(dir).map((name) => path.join(dir, name));
if (fs.existsSync(WIDGET)) targets.push(WIDGET);
for (const file of targets) {
  if (!TEXT.test(file)) continue;
  const source = fs.readFileSync(file);
  if (source.length < MIN_BYTES) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  files += 1;
}
process.stdout.write(`precompressed ${files} assets (brotli and gzip)\n`);
