import {
  Badge,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from "react";
import { useT } from "@/lib/i18n";
import { couponState, invoiceQuery } from "@/entities/orders";
import { imageUrl } from "@/lib/file-url";
import { Code128Barcode } from "@/components/code128-barcode";
import { QrCode } from "@/components/qr-code";
import { formatRewardCode } from "../../../../contracts/reward-code";
import { today } from "../../../../contracts/business-day";
import { CancelReward } from "./cancel-reward";
import classes from "./orders.module.css";
import "@mantine/core/styles/Tabs.css";
import "@mantine/core/styles/Badge.css";

export type CodeTab = "code" | "qr" | "barcode";
/** The code panel: QR 200 px expanded, 150 px collapsed; scrolling more than 1 px expands it. */
export const QR_EXPANDED = 200;
export const QR_COLLAPSED = 150;
export const SCROLL_THRESHOLD = 1;
const DRAG_THRESHOLD = 24;

/** How to use the code; once the reward was handed over, only that it was (no invitation to show it again). */
function Instruction({ used, text }: { used: boolean; text: string }) {
  const t = useT();
  return used ? (
    <Text size="sm" fw={600} ta="center" data-testid="order-used">
      {t("orders.alreadyUsed")}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" ta="center" data-testid="order-instruction">
      {text}
    </Text>
  );
}

/** One way of showing the code (typed, QR, barcode), with what to do with it or that it was used. */
function CodePanel({ value, used, instruction, children }: { value: CodeTab; used: boolean; instruction: string; children: ReactNode }) {
  return (
    <Tabs.Panel value={value}>
      <Stack align="center" gap="sm" p="md">
        {children}
        <Instruction used={used} text={instruction} />
      </Stack>
    </Tabs.Panel>
  );
}

/** /my-order/{id}: the reward, 'use in store', and its till code as Code / QR Code / Barcode in a panel with a drag handle. */
export function RewardOrderDetail({ name }: { name: string }) {
  const t = useT();
  const query = useQuery(invoiceQuery(name));
  const [tab, setTab] = useState<CodeTab>("code");
  const [expanded, setExpanded] = useState(false);
  const drag = useRef<number | null>(null);

  useEffect(() => {
    const onScroll = () => {
      if (window.scrollY > SCROLL_THRESHOLD) setExpanded(true);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  if (query.isPending) {
    return (
      <Stack p="md">
        <Skeleton height={220} radius="lg" />
        <Skeleton height={200} radius="lg" />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {t("orders.notFound")}
      </Text>
    );
  }
  const order = query.data;
  // The till resolves the random code, never the order's (sequential) name; QR and barcode carry it ungrouped.
  const code = order.reward_code ?? order.name;
  const shown = order.reward_code
    ? formatRewardCode(order.reward_code)
    : order.name;
  const first = order.items[0];
  const used = couponState(order) === "used";
  const cancelled = order.status === "Cancelled";
  // Cancellable while unused and within its collection days; the server decides again.
  const cancellable =
    !cancelled &&
    order.order_type === "redemption" &&
    couponState(order) === "usable" &&
    (!order.due_date || order.due_date >= today());
  const qrSize = expanded ? QR_EXPANDED : QR_COLLAPSED;

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    drag.current = e.clientY;
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    drag.current = null;
    if (start === null) return;
    const dy = e.clientY - start;
    if (dy < -DRAG_THRESHOLD) setExpanded(true);
    else if (dy > DRAG_THRESHOLD) setExpanded(false);
  };

  return (
    <div className={classes.reward}>
      <div
        className={`${classes.rewardImage} ${used || cancelled ? classes.dimmed : ""}`}
      >
        {first?.image ? (
          <img src={imageUrl(first.image)} alt="" width={390} height={240} />
        ) : null}
      </div>
      <section
        className={classes.sheet}
        data-expanded={expanded || undefined}
        data-testid="code-panel"
        aria-label={first?.item_name ?? order.name}
      >
        <button
          type="button"
          className={classes.handle}
          aria-expanded={expanded}
          aria-label={expanded ? t("orders.collapse") : t("orders.expand")}
          onClick={() => setExpanded((x) => !x)}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          data-testid="drag-handle"
        >
          <span className={classes.handleBar} aria-hidden="true" />
        </button>
        <Stack gap="xs" px="md">
          <Title order={2} size="h4">
            {first?.item_name ?? order.name}
          </Title>
          <Group gap={6}>
            <Badge color="brand" variant="light" radius="sm">
              {t("orders.useInStore")}
            </Badge>
            {used && (
              <Badge color="gray" variant="filled" radius="sm">
                {t("orders.rewardRedeemed")}
              </Badge>
            )}
            {cancelled && (
              <Badge
                color="red"
                variant="light"
                radius="sm"
                data-testid="order-cancelled"
              >
                {t("pointLife.cancelledBadge")}
              </Badge>
            )}
          </Group>
          {cancelled ? (
            <Text size="sm" c="dimmed">
              {t("pointLife.cancelledNote")}
            </Text>
          ) : null}
        </Stack>
        {/* A cancelled reward has no code left to show. */}
        {cancelled ? null : (
          <Tabs
            value={tab}
            onChange={(v) => setTab((v as CodeTab) ?? "code")}
            mt="sm"
          >
            <Tabs.List grow>
              <Tabs.Tab value="code">{t("orders.tabCode")}</Tabs.Tab>
              <Tabs.Tab value="qr">{t("orders.tabQr")}</Tabs.Tab>
              <Tabs.Tab value="barcode">{t("orders.tabBarcode")}</Tabs.Tab>
            </Tabs.List>
            <CodePanel value="code" used={used} instruction={t("orders.codeInstruction")}>
              <Text
                className={`${classes.code} ${used ? classes.usedCode : ""}`}
                data-testid="order-code"
                data-used={used || undefined}
              >
                {shown}
              </Text>
            </CodePanel>
            <CodePanel value="qr" used={used} instruction={t("orders.qrInstruction")}>
              <div className={used ? classes.usedCode : undefined}>
                {tab === "qr" && (
                  <QrCode
                    value={code}
                    size={qrSize}
                    label={t("orders.qrLabel", { name: shown })}
                    testId="order-qr"
                    style={{ transition: "width 150ms, height 150ms" }}
                  />
                )}
              </div>
            </CodePanel>
            <CodePanel value="barcode" used={used} instruction={t("orders.barcodeInstruction")}>
              <Stack
                align="center"
                gap="sm"
                className={used ? classes.usedCode : undefined}
              >
                {tab === "barcode" && (
                  <Code128Barcode
                    value={code}
                    label={t("orders.barcodeLabel", { name: shown })}
                    height={expanded ? 100 : 80}
                    testId="order-barcode"
                  />
                )}
                <Text ff="monospace" fw={700} aria-hidden="true">
                  {shown}
                </Text>
              </Stack>
            </CodePanel>
          </Tabs>
        )}
        {cancellable ? (
          <Stack px="md" pb="md">
            <CancelReward order={order.name} points={order.loyalty_points} />
          </Stack>
        ) : null}
      </section>
    </div>
  );
}
