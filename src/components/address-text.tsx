import { Text } from '@mantine/core';
import { formatAddress, type AddressParts } from '@/lib/address-format';
import { useLang, useT } from '@/lib/i18n';
import type { AddressOptions } from '../../contracts/addresses';

/** An address as the member reads it everywhere: receiver, street, district and province in their language, phone. */
export function AddressText({ address, options, withReceiver = true }: { address: AddressParts; options?: AddressOptions; withReceiver?: boolean }) {
  const t = useT();
  const [lang] = useLang();
  const f = formatAddress(address, lang, options);
  return (
    <div data-testid="address-text">
      {withReceiver && f.receiver && (
        <Text fw={600} size="sm">
          {f.receiver}
        </Text>
      )}
      {f.lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      {f.phone && (
        <Text size="sm" c="dimmed">
          {t('addresses.phoneLine', { phone: f.phone })}
        </Text>
      )}
    </div>
  );
}
