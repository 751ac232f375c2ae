// The build-time setting of the origins ?scenario= may load from (vite.config.ts): parsed
// strictly, and written into the page's own Content-Security-Policy.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

import { scenarioOrigins, withConnectSrc } from '../../vite.config';

describe('SCENARIO_ORIGINS', () => {
  test('a list of bare origins, comma- or space-separated; none by default', () => {
    expect(scenarioOrigins('')).toEqual([]);
    expect(scenarioOrigins('https://a.example, https://b.example:8443/ http://localhost:5173')).toEqual([
      'https://a.example',
      'https://b.example:8443',
      'http://localhost:5173',
    ]);
  });

  test('anything but an http(s) origin stops the build, naming the entry', () => {
    expect(() => scenarioOrigins('https://a.example/courses/')).toThrow('"https://a.example/courses/" is not an origin');
    expect(() => scenarioOrigins('a.example')).toThrow('"a.example" is not an origin');
    expect(() => scenarioOrigins('ftp://a.example')).toThrow('"ftp://a.example" is not an origin');
    expect(() => scenarioOrigins('https://a.example;script-src')).toThrow('is not an origin');
  });

  test('the page’s policy gets them in connect-src, and keeps its other directives', () => {
    const html = withConnectSrc(readFileSync('web/index.html', 'utf8'), ['https://a.example']);
    const policy = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/)![1]!;
    const directives = Object.fromEntries(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives['connect-src']).toBe("'self' https://a.example");
    expect(directives['base-uri']).toBe("'none'");
    expect(directives['form-action']).toBe("'none'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['script-src']).toBe("'self' 'wasm-unsafe-eval'");
  });
});
