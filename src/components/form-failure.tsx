import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** Why a form was not sent, above its fields; nothing when there is nothing to say. */
export function FormFailure({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" role="alert" radius="md">
      {children}
    </Alert>
  );
}
