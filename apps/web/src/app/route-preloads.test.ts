import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadPlan, type Manifest } from '../../build/route-preloads';
import { AREA_MODULES, SIGNED_IN_FRAME_MODULES } from './route-preloads';

describe('the preload plan of a build', () => {
  it('names each set’s files beyond the entry, and an area’s beyond the frame', () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-react.js'] },
      '_vendor-react.js': { file: 'assets/vendor-react-1.js' },
      '_antd.js': { file: 'assets/antd-1.js', imports: ['_vendor-react.js'], css: ['assets/antd-1.css'] },
      'src/app/guards.ts': { file: 'assets/guards-1.js', imports: ['_vendor-react.js'] },
      'src/app/layout/app-layout.tsx': { file: 'assets/app-layout-1.js', imports: ['_antd.js'] },
      'src/lib/contracts.ts': { file: 'assets/contracts-1.js' },
      'src/features/dashboard/route.tsx': { file: 'assets/area-dashboard-1.js', imports: ['_antd.js', '_charts.js'] },
      'src/features/dashboard/api/prefetch-dashboard.ts': { file: 'assets/prefetch-1.js' },
      'src/features/dashboard/charts/drawn.ts': { file: 'assets/drawn-1.js', imports: ['_charts.js'] },
      '_charts.js': { file: 'assets/charts-1.js', css: ['assets/charts-1.css'] },
      'src/locales/console/zh-CN.ts': { file: 'assets/messages-zh-CN-1.js' },
      ...Object.fromEntries(
        AREA_MODULES.flatMap((a) => a.modules)
          .filter((m) => !m.includes('/dashboard/'))
          .map((m) => [m, { file: `assets/${m}.js`, imports: ['_antd.js'] }]),
      ),
    };
    const plan = preloadPlan(manifest);
    expect(plan.frame).toEqual({
      scripts: ['assets/guards-1.js', 'assets/app-layout-1.js', 'assets/antd-1.js', 'assets/contracts-1.js'],
      styles: ['assets/antd-1.css'],
    });
    expect(plan.areas[0]).toEqual({
      paths: ['/', '/home'],
      files: {
        scripts: ['assets/area-dashboard-1.js', 'assets/charts-1.js', 'assets/prefetch-1.js', 'assets/drawn-1.js'],
        styles: ['assets/charts-1.css'],
      },
    });
    expect(plan.messages).toEqual({ 'zh-CN': 'assets/messages-zh-CN-1.js' });
  });

  it('refuses a module the build does not have, so a renamed file cannot drop its preloads unseen', () => {
    expect(() => preloadPlan({ 'index.html': { file: 'assets/index-1.js', isEntry: true } })).toThrow(
      /src\/app\/guards\.ts is not a chunk/,
    );
  });

  it('covers every screen module the router loads lazily', () => {
    const router = readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');
    const lazy = [...router.matchAll(/import\('@\/([^']+)'\)/g)].map((m) => `src/${m[1]}`);
    const planned = new Set([...SIGNED_IN_FRAME_MODULES, ...AREA_MODULES.flatMap((a) => a.modules)]);
    // The sign-up and reset forms are public screens: a signed-out browser gets no preloads.
    const missing = lazy.filter((m) => !m.endsWith('auth/forms-route') && ![...planned].some((p) => p.startsWith(m)));
    expect(missing).toEqual([]);
    // The frame's own lazy imports (app-layout, guards) are named in the plan too.
    expect(router).toContain("import('./layout/app-layout')");
    expect(router).toContain("import('./guards')");
  });
});
