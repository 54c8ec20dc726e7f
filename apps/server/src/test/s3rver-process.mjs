// Runs s3rver (an S3-compatible server) in its own process for the tests: `node s3rver-process.mjs <dir> <bucket>`.
// Prints `{"port": N}` on one line once it listens; stops on SIGTERM or when stdin closes.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

const stop = async () => {
  await server.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
