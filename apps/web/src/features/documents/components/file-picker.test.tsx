import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../components/data/testing';
import { FilePicker } from './file-picker';

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n');

describe('FilePicker', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // The server's upload rules: a 1 KB limit, so that "too large" is easy to reach.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { maxBytes: 1024, accept: '.pdf,.png,.exe', types: [] } })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const setup = () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    const { container } = render(
      <TestProviders>
        <FilePicker label="File" onChange={onChange} />
      </TestProviders>,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    return { user, input, onChange };
  };

  it('accepts a file the server will accept and hands it to the form', async () => {
    const { user, input, onChange } = setup();
    const file = new File([PDF], 'inspection.pdf', { type: 'application/pdf' });
    await user.upload(input, file);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(file));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a file is refused, before anything is sent', async () => {
    const { user, input, onChange } = setup();
    await user.upload(input, new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], 'tool.exe'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('tool.exe cannot be uploaded');
    expect(alert.textContent).toContain('.exe files are not accepted: web pages, scripts and programs are refused.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('names a content that does not match the name', async () => {
    const { user, input } = setup();
    await user.upload(input, new File([new TextEncoder().encode('just text')], 'scan.pdf'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The content of this file is not a PDF file: its first bytes do not match its name.',
    );
  });

  it('names the size limit the server reports', async () => {
    const { user, input, onChange } = setup();
    // Wait for the server's rules (1 KB) to replace the default limit.
    await waitFor(() => expect(screen.getByText(/up to 1 (KB|kB)/)).toBeTruthy());
    await user.upload(input, new File([PDF, new Uint8Array(2048)], 'big.pdf'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The file is 2 kB, larger than the limit of 1 kB.',
    );
    expect(onChange).not.toHaveBeenCalledWith(expect.any(File));
  });
});
