import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useProfileActions } from '../../api/profile';
import { ServerError } from '../../components/Alerts';
import { useNavbarControl } from '../../components/layout/navbar-control';
import { useT } from '../../i18n/use-t';

/** The main places (issue #21 §8), each a sidebar item (`nav-<id>`) with a word about it. */
const STEPS = ['bots', 'check', 'integrations', 'chats', 'balance'] as const;
type Place = (typeof STEPS)[number];

const GAP = 12;
const CARD_WIDTH = 340;

interface Spot {
  top: number;
  left: number;
  width: number;
}

/**
 * Where the card goes: beside the item when the sidebar is a column, under it when the sidebar is
 * the phone's full-width drawer; always inside the window.
 */
function spotFor(target: DOMRect, card: { height: number }, phone: boolean): Spot {
  const width = phone ? window.innerWidth - 2 * GAP : CARD_WIDTH;
  const left = phone ? GAP : target.right + GAP;
  const wanted = phone ? target.bottom + GAP / 2 : target.top - GAP;
  const top = Math.max(GAP, Math.min(wanted, window.innerHeight - card.height - GAP));
  return { top, left, width };
}

const sameSpot = (a: Spot | null, b: Spot) =>
  a !== null && a.top === b.top && a.left === b.left && a.width === b.width;

/** The item of the sidebar a step points at, outlined while the step is shown; the card follows it. */
function usePointAt(place: Place, phone: boolean, card: React.RefObject<HTMLDivElement | null>) {
  const [spot, setSpot] = useState<Spot | null>(null);
  useLayoutEffect(() => {
    let frame = 0;
    let outlined: HTMLElement | null = null;
    const follow = () => {
      const target = document.querySelector<HTMLElement>(`[data-testid="nav-${place}"]`);
      if (target && target !== outlined) {
        outlined?.style.removeProperty('box-shadow');
        target.style.setProperty('box-shadow', '0 0 0 2px var(--mantine-primary-color-filled)');
        target.scrollIntoView({ block: 'nearest' });
        outlined = target;
      }
      const rect = target?.getBoundingClientRect();
      // The drawer slides in on a phone: the card waits until the item is on screen.
      if (rect && rect.width > 0 && rect.right > 0) {
        const next = spotFor(rect, { height: card.current?.offsetHeight ?? 200 }, phone);
        setSpot((current) => (sameSpot(current, next) ? current : next));
      }
      frame = requestAnimationFrame(follow);
    };
    follow();
    return () => {
      cancelAnimationFrame(frame);
      outlined?.style.removeProperty('box-shadow');
    };
  }, [place, phone, card]);
  return spot;
}

/**
 * After the five questions (SPEC §1, §2): a short walk over the main places, a card per sidebar item
 * with Back, Next and Skip. Finishing or skipping is saved in the profile (POST /api/helpers/tour),
 * so the walk is not shown again; on a phone the sidebar drawer is opened for it and closed after.
 */
export function TourWalk() {
  const { t } = useT();
  const { endWalk } = useProfileActions();
  const { open: openNavbar, close: closeNavbar } = useNavbarControl();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [step, setStep] = useState(0);
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const card = useRef<HTMLDivElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const place = STEPS[step] ?? 'bots';
  const spot = usePointAt(place, phone, card);
  const last = step === STEPS.length - 1;

  useEffect(() => {
    if (phone) openNavbar();
  }, [phone, openNavbar]);

  // Each step's main button takes the focus once the card is placed, so the walk goes on by keyboard.
  const placed = spot !== null;
  useEffect(() => {
    if (placed && step >= 0) next.current?.focus({ preventScroll: true });
  }, [placed, step]);

  const end = async (walk: 'finished' | 'skipped') => {
    setEnding(true);
    setError(null);
    try {
      // The saved profile says the walk ended, which unmounts it.
      await endWalk(walk);
      closeNavbar();
    } catch (failure) {
      setError(failure);
      setEnding(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') void end('skipped');
  };

  return (
    <Paper
      ref={card}
      role="dialog"
      aria-modal={false}
      aria-labelledby="tour-walk-title"
      aria-describedby="tour-walk-text"
      data-testid="tour-walk"
      data-step={place}
      withBorder
      shadow="lg"
      radius="md"
      p="md"
      onKeyDown={onKeyDown}
      style={{
        position: 'fixed',
        zIndex: 300,
        top: spot?.top ?? 0,
        left: spot?.left ?? 0,
        width: spot?.width ?? CARD_WIDTH,
        visibility: spot ? 'visible' : 'hidden',
      }}
    >
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('walk.label')} · {t('walk.progress', { step: step + 1, total: STEPS.length })}
        </Text>
        <Title order={3} size="h5" id="tour-walk-title">
          {t(`nav.${place}`)}
        </Title>
        <Text size="sm" id="tour-walk-text">
          {t(`walk.${place}`)}
        </Text>
        <ServerError error={error} />
        <Group justify="space-between" wrap="nowrap" mt="xs">
          <Button variant="subtle" size="xs" px={4} onClick={() => end('skipped')} disabled={ending}>
            {t('walk.skip')}
          </Button>
          <Group gap="xs" wrap="nowrap">
            {step > 0 && (
              <Button variant="default" size="xs" onClick={() => setStep(step - 1)} disabled={ending}>
                {t('common.back')}
              </Button>
            )}
            <Button
              ref={next}
              size="xs"
              loading={ending}
              onClick={() => (last ? end('finished') : setStep(step + 1))}
            >
              {last ? t('walk.done') : t('common.next')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
