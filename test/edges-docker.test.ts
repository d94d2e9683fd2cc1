import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

// deploy/Dockerfile: what can be checked without a container engine always runs; the build itself
// runs only where a container tool can reach a daemon. This machine has the docker client but no
// daemon (and no podman or buildah), so the build is skipped here with that message.

const dockerfile = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };

/** The first container tool that can build here, or why none can. */
function containerTool(): { tool?: string; why: string } {
  for (const tool of ['docker', 'podman']) {
    const v = spawnSync(tool, ['version'], { encoding: 'utf8', timeout: 20_000 });
    if (v.error) continue;
    const info = spawnSync(tool, ['info'], { encoding: 'utf8', timeout: 20_000 });
    if (info.status === 0) return { tool, why: '' };
    return { why: `${tool} is installed but cannot reach a container daemon (${(info.stderr || info.stdout).trim().split('\n').pop()})` };
  }
  return { why: 'no container tool (docker, podman) is installed' };
}
const engine = containerTool();
if (!engine.tool) console.warn(`edges-docker: ${engine.why}: deploy/Dockerfile is not built on this machine (the build test is skipped)`);

describe('deploy/Dockerfile', () => {
  it('builds this repository the way a user does: Node 20, npm ci (its prepare script compiles dist/)', () => {
    expect(dockerfile).toMatch(/^FROM node:20/m);
    expect(pkg.engines.node).toBe('>=20');
    expect(dockerfile).toMatch(/npm ci/);
    expect(pkg.scripts.prepare).toMatch(/tsc/);
    // the Kubernetes Job runs this script from the image
    accessSync(join(ROOT, 'deploy/run-shard.sh'), constants.X_OK);
    expect(readFileSync(join(ROOT, 'deploy/k8s/wulong-simulate-job.yaml'), 'utf8')).toMatch(/deploy\/run-shard\.sh/);
  });

  it.runIf(!!engine.tool)('builds, and the image runs a command', () => {
    const tag = 'oddsmith-test:edges';
    const b = spawnSync(engine.tool!, ['build', '-f', 'deploy/Dockerfile', '-t', tag, '.'], { cwd: ROOT, encoding: 'utf8', timeout: 1_200_000 });
    expect(b.status, b.stderr).toBe(0);
    const r = spawnSync(engine.tool!, ['run', '--rm', tag, 'node', 'dist/src/cli/main.js', 'wulong', 'solve', '--json'], { encoding: 'utf8', timeout: 300_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).expectedTurnScore).toBeGreaterThan(0);
  }, 1_600_000);
});
