/** The export menu's pcap button: one file, named from the scenario and the capture node, the
 * nanosecond pcap magic first, byte for byte the CLI's `--out pcap` of the same scenario. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { runCli } from '../../src/cli/main';

test('pcap button downloads the packet trace seen at R1, identical to sim --out pcap', async ({
  page,
}) => {
  // One run: the link names its sender (without one, the comparison preset opens compare mode).
  const query = 'preset=caro-fig3-2-drops&sender=sctp-2960';
  await page.goto(`/?${query}`);
  await expect(page.getByTestId('fingerprint')).toHaveText(/^ac3-/);
  const button = page.getByRole('button', { name: 'pcap', exact: true });
  await expect(button).toHaveAttribute('title', /arrives at R1/);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('ackclock-caro-fig3-2-drops-R1.pcap');
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 4)]).toEqual([0x4d, 0x3c, 0xb2, 0xa1]);
  const cli = runCli([query, '--out', 'pcap']);
  expect(cli.code).toBe(0);
  expect(Buffer.compare(bytes, Buffer.from(cli.binary!.bytes))).toBe(0);
});
