import { Alert, Box, Button, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import ReconnectingWebSocket from 'partysocket/ws';
import { useEffect, useRef, useState } from 'react';
import type { QrState } from '../../../../functions/integrations/module';
import { api } from '../../api/client';
import { useT } from '../../i18n/use-t';

interface QrConnectProps {
  /** The messenger integration whose QR is shown (GET /api/integrations/{id}/getqr). */
  integrationId: string;
  /** Called once the phone is authorised (the flow ended connected). */
  onConnected?: () => void;
  /**
   * Asks getqr again this often while the QR shows: for a messenger that pushes no QR (Wappi), each
   * ask is what fetches a fresh one. Without it the socket alone brings the news.
   */
  pollSeconds?: number;
}

interface QrAnswer {
  state: QrState;
  url: string;
}

const isQrState = (value: unknown): value is QrState => {
  if (typeof value !== 'object' || value === null) return false;
  const { state } = value as { state?: unknown };
  return state === 'qr' || state === 'waiting' || state === 'connected' || state === 'expired';
};

/** Milliseconds as m:ss. */
export const countdown = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The time now, ticking every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * A messenger's QR connection (SPEC §2, §4, §7): asks getqr to start or resume the flow, follows its
 * room on the socket getqr hands out, and shows each QR as it changes with the time left (up to
 * 2 minutes, SPEC §9), then the connected state, or the offer of a new QR once the time is up.
 * Reused by every QR-authorised messenger; the QR itself is never stored or logged here.
 */
export function QrConnect({ integrationId, onConnected, pollSeconds }: QrConnectProps) {
  const { t } = useT();
  const [view, setView] = useState<QrState | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const connected = useRef(onConnected);
  connected.current = onConnected;

  const deadline = view && 'expires_at' in view ? Date.parse(view.expires_at) : null;
  const now = useNow(deadline !== null);
  const timeUp = deadline !== null && now >= deadline;
  const shown: QrState | null = timeUp ? { state: 'expired' } : view;
  const following = shown?.state === 'qr' || shown?.state === 'waiting';

  const socket = useRef<ReconnectingWebSocket | null>(null);
  const path = `/api/integrations/${encodeURIComponent(integrationId)}/getqr`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round asks for a new flow
  useEffect(() => {
    let cancelled = false;
    const ask = async () => {
      const answer = await api<QrAnswer>('GET', path);
      if (!cancelled) setView(answer.state);
      return answer;
    };
    void (async () => {
      try {
        let first = await ask();
        // A flow that ran out is ended by the ask that finds it so (Wappi): asked for a new QR, ask again.
        if (round > 0 && first.state.state === 'expired' && !cancelled) first = await ask();
        if (cancelled || first.state.state === 'connected' || first.state.state === 'expired') return;
        let firstUrl: string | null = first.url;
        // A reconnect asks getqr again: a fresh token, and the flow's state as it is now.
        const opened = new ReconnectingWebSocket(
          async () => {
            const url = firstUrl ?? (await ask()).url;
            firstUrl = null;
            return url;
          },
          [],
          { maxReconnectionDelay: 10_000 },
        );
        opened.addEventListener('message', (message: MessageEvent) => {
          try {
            const next: unknown = JSON.parse(String(message.data));
            if (isQrState(next) && !cancelled) setView(next);
          } catch (error) {
            console.error('the QR room sent something that is not JSON', error);
          }
        });
        socket.current = opened;
      } catch (error) {
        if (!cancelled) setFailed(error instanceof Error ? error.message : t('qr.failed'));
      }
    })();
    return () => {
      cancelled = true;
      socket.current?.close();
      socket.current = null;
    };
  }, [integrationId, round]);

  // While the QR shows, getqr is asked again every pollSeconds (it fetches the fresh QR).
  useEffect(() => {
    if (!pollSeconds || !following) return;
    let active = true;
    const timer = setInterval(() => {
      api<QrAnswer>('GET', path).then(
        (answer) => {
          if (active) setView(answer.state);
        },
        (error) => console.error('asking for the QR again failed', error),
      );
    }, pollSeconds * 1000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [pollSeconds, following, path]);

  // Connected or out of time: nothing more will come.
  useEffect(() => {
    if (!following && shown !== null) {
      socket.current?.close();
      socket.current = null;
    }
  }, [following, shown]);

  useEffect(() => {
    if (shown?.state === 'connected') connected.current?.();
  }, [shown?.state]);

  const again = () => {
    setFailed(null);
    setView(null);
    setRound((value) => value + 1);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="qr-connect">
      <Stack gap="sm">
        <Title order={5}>{t('qr.title')}</Title>
        {failed !== null && (
          <Alert color="red" variant="light" role="alert" title={t('qr.failed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{failed}</Text>
              <Button variant="default" size="xs" onClick={again}>
                {t('qr.again')}
              </Button>
            </Stack>
          </Alert>
        )}
        {failed === null && shown === null && (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">{t('qr.loading')}</Text>
          </Group>
        )}
        {failed === null && shown?.state === 'waiting' && (
          <Stack gap="xs" data-testid="qr-waiting">
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" />
              <Text size="sm">{t('qr.waiting')}</Text>
            </Group>
            <Text size="sm" c="dimmed" data-testid="qr-countdown">
              {t('qr.wait_left', { time: countdown((deadline ?? now) - now) })}
            </Text>
          </Stack>
        )}
        {failed === null && shown?.state === 'qr' && (
          <Stack gap="xs" align="flex-start">
            <Box bg="white" p="xs" style={{ borderRadius: 8, lineHeight: 0 }}>
              <Image
                src={shown.qr}
                alt={t('qr.image')}
                w={240}
                h={240}
                fit="contain"
                data-testid="qr-image"
              />
            </Box>
            <Text size="sm">{t('qr.scan')}</Text>
            <Text size="sm" c="dimmed" data-testid="qr-countdown">
              {t('qr.time_left', { time: countdown((deadline ?? now) - now) })}
            </Text>
          </Stack>
        )}
        {failed === null && shown?.state === 'connected' && (
          <Alert color="green" variant="light" title={t('qr.connected')} data-testid="qr-connected">
            <Text size="sm">{t('qr.connected_text')}</Text>
          </Alert>
        )}
        {failed === null && shown?.state === 'expired' && (
          <Stack gap="xs" align="flex-start" data-testid="qr-expired">
            <Text size="sm" fw={500}>
              {t('qr.expired')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('qr.expired_text')}
            </Text>
            <Button onClick={again}>{t('qr.again')}</Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
