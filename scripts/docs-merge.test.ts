import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('./docs-merge.sh', import.meta.url).pathname;
let root: string | undefined;

/** A throw-away repository layout with the given docs/parts files; runs the merge in it. */
function mergeParts(parts: Record<string, string>): { api: string; decisions: string } {
  root = mkdtempSync(join(tmpdir(), 'docs-merge-'));
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'docs/parts'), { recursive: true });
  copyFileSync(script, join(root, 'scripts/docs-merge.sh'));
  for (const [name, text] of Object.entries(parts)) writeFileSync(join(root, 'docs/parts', name), text);
  execFileSync('bash', [join(root, 'scripts/docs-merge.sh')], { stdio: 'pipe' });
  return {
    api: readFileSync(join(root, 'docs/api.md'), 'utf8'),
    decisions: readFileSync(join(root, 'docs/decisions.md'), 'utf8'),
  };
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('docs-merge.sh', () => {
  it('puts API parts in reading order and appends parts nobody listed, none dropped', () => {
    const { api } = mergeParts({
      'api-realtime.md': '## Realtime\n',
      'api-zz-new.md': '## New area\n',
      'api-auth.md': '## Auth\n',
      'api-settings.md': '## Settings\n',
      'api-chats.md': '## Chats\n',
    });
    const order = ['## Settings', '## Auth', '## Chats', '## Realtime', '## New area'].map((h) => api.indexOf(`\n${h}\n`));
    expect(order.every((pos) => pos > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(api.startsWith('# API\n')).toBe(true);
    expect(api).toContain('- Settings\n- Auth\n- Chats\n- Realtime\n- New area\n');
  });

  it('keeps one title: top-level headings of a part move one level down, code blocks untouched', () => {
    const { decisions } = mergeParts({ 'decisions-ops.md': '# Ops\n\n```bash\n# a shell comment\n```\n\n## Detail\n' });
    expect(decisions.match(/^# .*$/gm)).toEqual(['# Decisions', '# a shell comment']);
    expect(decisions).toContain('\n## Ops\n');
    expect(decisions).toContain('\n### Detail\n');
    expect(decisions).toContain('\n# a shell comment\n');
  });

  it('writes both files even before any part exists', () => {
    const { api, decisions } = mergeParts({});
    expect(api).toContain('_No parts written yet._');
    expect(decisions).toContain('# Decisions');
  });

  it('collects bench-*.md parts into docs/benchmarks.md only when there are some', () => {
    mergeParts({ 'bench-chat.md': '# Chat bench\n' });
    expect(readFileSync(join(root!, 'docs/benchmarks.md'), 'utf8')).toContain('\n## Chat bench\n');
    rmSync(root!, { recursive: true, force: true });
    mergeParts({});
    expect(existsSync(join(root!, 'docs/benchmarks.md'))).toBe(false);
  });
});
