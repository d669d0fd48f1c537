import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PinInput.css';
import { PinInput, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import { OTP_LENGTH, onlyDigits } from '../../contracts/account';

export interface OtpInputProps {
  value: string;
  /** Digits only (anything else typed or pasted is dropped). */
  onChange: (digits: string) => void;
  /** Shown above the boxes, and their accessible name, each box numbered after it ("6-digit code 1"). */
  label: string;
  /** Shown under the boxes (an alert), which turn red. */
  error?: string | null;
  /** 'md' with tighter gaps in a dialog, narrower than the page: six large boxes would overflow it at 390 px. */
  compact?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The six boxes of a one-time code sent by SMS (the phone's keyboard offers the code from the message), under their
 * label and over the error, if any.
 */
export function OtpInput({ value, onChange, label, error = null, compact = false, inputRef }: OtpInputProps) {
  return (
    <Stack gap={6} align="center">
      <Text size="sm" fw={500} aria-hidden="true">
        {label}
      </Text>
      <PinInput
        ref={inputRef}
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        size={compact ? 'md' : 'lg'}
        gap={compact ? 'xs' : undefined}
        value={value}
        onChange={(v) => onChange(onlyDigits(v))}
        error={Boolean(error)}
        styles={{ root: { justifyContent: 'center' } }}
        getInputProps={(index) => ({ 'aria-label': `${label} ${index + 1}` })}
        data-testid="otp-input"
      />
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
