import { ensureBuild } from '../../scripts/ensure-build';

// Integration tests run the real production server, which serves the built app.
export default function setup(): void {
  ensureBuild((line) => console.log(line));
}
