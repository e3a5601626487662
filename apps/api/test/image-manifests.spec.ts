import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The production image (Dockerfile at the repository root) installs from the workspaces' package files and runs
// the built libs: a workspace missing from its manifests makes `npm ci` refuse the lockfile, and a lib missing
// from its runtime stage makes the API, projector or workers fail on their first import of it.
const root = path.resolve(import.meta.dirname, '../../..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const workspaces = (folder: string) =>
  readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `${folder}/${d.name}`)
    .filter((dir) => {
      try {
        readFileSync(path.join(root, dir, 'package.json'));
        return true;
      } catch {
        return false;
      }
    });

describe('the production image', () => {
  it('copies every workspace package file before its installs', () => {
    const missing = [...workspaces('apps'), ...workspaces('libs')].filter(
      (dir) => !dockerfile.includes(`COPY ${dir}/package.json ${dir}/`),
    );
    expect(missing).toEqual([]);
  });

  it('carries the build of every lib the server processes import (all but the test kit)', () => {
    const missing = workspaces('libs')
      .filter((dir) => dir !== 'libs/testing')
      .filter((dir) => !dockerfile.includes(`COPY --from=build /app/${dir}/dist ${dir}/dist`));
    expect(missing).toEqual([]);
  });
});
