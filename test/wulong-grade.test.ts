/**
 * `wulong grade`: each grade is the difference of the exact EVs `wulong advise --json` prints for the
 * same state (best − chosen), the summary adds them up, and a bad line is one message with exit 2.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, ROOT, expectUserError, runCli } from './helpers/cli.js';

const FILE = 'rules/wulong/examples/turn-decisions.jsonl';
const json = (args: string[]) => JSON.parse(runCli(args).stdout) as unknown;
interface Grade { line: number; kind: string; chosen: string; best: string; chosenEv: number; bestEv: number; loss: number; optimal: boolean }
interface Out { decisions: Grade[]; summary: { decisions: number; optimal: number; totalLoss: number; worst: number[] } }
const grade = (input: string, extra: string[] = []) => {
  const r = spawnSync(process.execPath, [CLI, 'wulong', 'grade', '-', '--json', ...extra], { cwd: ROOT, input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('wulong grade', () => {
  it('grades equal the exact EV differences of `wulong advise --json`', () => {
    const out = json(['wulong', 'grade', FILE, '--json']) as Out;
    const lines = readFileSync(join(ROOT, FILE), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { total: number; dice: number; action?: string; roll?: string; setAside?: string });
    expect(out.decisions.length).toBe(lines.length);
    let mistakes = 0;
    lines.forEach((d, i) => {
      const g = out.decisions[i];
      if (d.action) {
        const a = json(['wulong', 'advise', '--score', String(d.total), '--dice', String(d.dice), '--json']) as { action: string; stopEv: number | null; rollEv: number };
        const ev = (x: string) => (x === 'stop' ? a.stopEv! : a.rollEv);
        expect(g.best).toBe(a.action);
        expect(g.chosenEv).toBe(ev(d.action));
        expect(g.loss).toBeCloseTo(ev(a.action) - ev(d.action), 9);
      } else {
        const a = json(['wulong', 'advise', '--score', String(d.total), '--dice', String(d.dice), '--roll', d.roll!, '--json']) as { options: { setAside: string; ev: number }[] };
        expect(g.best).toBe(a.options[0].setAside);
        const mine = a.options.find((o) => o.setAside === g.chosen)!;
        expect(g.chosenEv).toBe(mine.ev);
        expect(g.loss).toBeCloseTo(a.options[0].ev - mine.ev, 9);
      }
      if (g.loss > 0) mistakes++;
    });
    expect(mistakes).toBeGreaterThan(0);
    expect(out.summary.totalLoss).toBeCloseTo(out.decisions.reduce((s, g) => s + g.loss, 0), 9);
    expect(out.summary.optimal).toBe(lines.length - mistakes);
  });

  it('reads stdin, accepts set-asides in any order and by 1-6, and follows --rules', () => {
    const a = JSON.parse(grade('{"total":0,"dice":5,"roll":"5,3,D,3,T","setAside":"T,D"}\n').stdout) as Out;
    const b = JSON.parse(grade('{"total":0,"dice":5,"roll":"1,2,3,3,5","setAside":"1,2"}\n').stdout) as Out;
    expect({ ...a.decisions[0], roll: '' }).toEqual({ ...b.decisions[0], roll: '' });
    expect(a.decisions[0].chosen).toBe('D,T');
    const farkle = JSON.parse(grade('{"total":0,"dice":6,"roll":"1,1,5,2,3,4","setAside":"1,1,5"}\n', ['--rules', 'rules/farkle/10000.json']).stdout) as Out;
    expect(farkle.decisions[0].kind).toBe('set-aside');
  });

  it('a bad line is one message naming the line, exit 2, nothing printed', () => {
    expectUserError(grade('{"total":0,"dice":5,"action":"stop"}\n{"total":0,"dice":5,"action":"fold"}\n'), /^oddsmith: line 2: action must be "roll" or "stop" \(got "fold"\)$/);
    expectUserError(grade('{"total":0,"dice":5,"action":"roll"}\nnot json\n'), /^oddsmith: line 2: not valid JSON: /);
    expectUserError(grade('{"total":300,"dice":2,"action":"stop"}\n'), /^oddsmith: line 1: a turn total of 300 cannot occur under these rules/);
    expectUserError(grade('{"total":0,"dice":5,"roll":"D,T,3,3,5","setAside":"3"}\n'), /^oddsmith: line 1: setAside 3 is not a scoring set-aside of the roll D,T,3,3,5 \(choices: /);
    expectUserError(grade('{"total":0,"dice":5,"action":"roll","colour":1}\n'), /^oddsmith: line 1: unknown field "colour"/);
    expectUserError(grade('\n'), /^oddsmith: no decisions in stdin/);
    expectUserError(runCli(['wulong', 'grade', 'missing.jsonl']), /^oddsmith: cannot read decisions file "missing\.jsonl": no such file$/);
  });
});
