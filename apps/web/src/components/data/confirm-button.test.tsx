import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './confirm-button';
import { TestProviders } from './testing';

describe('ConfirmButton', { timeout: 20_000 }, () => {
  it('runs the action only after confirmation', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => undefined);
    render(
      <TestProviders>
        <ConfirmButton title="Deactivate Prairie Wind?" okText="Deactivate" onConfirm={onConfirm} aria-label="Deactivate Prairie Wind" danger>
          Deactivate
        </ConfirmButton>
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Deactivate Prairie Wind' }));
    await screen.findByText('Deactivate Prairie Wind?');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Deactivate Prairie Wind' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('works as an icon button with a tooltip', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <TestProviders>
        <ConfirmButton title="Reset?" okText="Reset password" tooltip="Reset password" onConfirm={onConfirm} aria-label="Reset the password of Ann" />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Reset the password of Ann' }));
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});
