import { useEffect, useMemo, useState } from 'react';
import { Empty, Tag } from 'antd';
import { PauseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { resolveSchedule } from '@smartdata/domain';
import { useCarouselQuery } from '../api/carousels';
import { effectiveTime, readPlayerState, step, storageKey, togglePause, type PlayerState } from '../lib/playerState';
import { BoardView } from './BoardView';
import { BoardLoadState } from './BoardLoadState';

interface CarouselPlayerProps {
  carouselId: number;
  /** published for big_screen and the marquee; draft in the playground. */
  version: 'draft' | 'published';
  /** Listen to the whole window's keys (kiosk pages); otherwise only when the player has focus. */
  globalKeys?: boolean;
}

/**
 * Plays a carousel: the board the schedule puts on now (company time zone, windows, durations),
 * switching with its transition. Keys: → next, ← previous, space pause/resume; the state is
 * kept in localStorage so a reload resumes at the current board.
 */
export function CarouselPlayer({ carouselId, version, globalKeys = false }: CarouselPlayerProps) {
  const { t } = useTranslation('dashboards');
  const carousel = useCarouselQuery(carouselId);
  const key = storageKey(carouselId, version);
  const [state, setState] = useState<PlayerState>(() => readPlayerState(key));
  const [now, setNow] = useState(() => Date.now());
  const config = version === 'draft' ? carousel.data?.draft : carousel.data?.published;
  const timeZone = carousel.data?.timeZone ?? 'Asia/Shanghai';

  useEffect(() => {
    window.localStorage.setItem(key, JSON.stringify(state));
  }, [key, state]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);

  const turn = useMemo(() => (config ? resolveSchedule(config.entries, config.defaultSeconds, effectiveTime(state, now), timeZone) : null), [config, state, now, timeZone]);

  useEffect(() => {
    if (!config) {
      return undefined;
    }
    const onKey = (event: KeyboardEvent) => {
      const at = Date.now();
      if (event.key === 'ArrowRight') {
        setState((s) => step(s, at, 1, config.entries, config.defaultSeconds, timeZone));
      } else if (event.key === 'ArrowLeft') {
        setState((s) => step(s, at, -1, config.entries, config.defaultSeconds, timeZone));
      } else if (event.key === ' ' || event.key === 'Spacebar') {
        setState((s) => togglePause(s, at));
      } else {
        return;
      }
      event.preventDefault();
    };
    if (globalKeys) {
      window.addEventListener('keydown', onKey);
      return () => window.removeEventListener('keydown', onKey);
    }
    return undefined;
  }, [config, timeZone, globalKeys]);

  if (carousel.isPending || carousel.isError) {
    return <BoardLoadState query={carousel} />;
  }
  if (!config) {
    return <Empty className="sd-board-empty" description={t('player.notPublished')} />;
  }
  if (!turn) {
    return <Empty className="sd-board-empty" description={config.entries.length === 0 ? t('player.noBoards') : t('player.nothingNow')} />;
  }
  const entry = config.entries[turn.index];
  const remaining = Math.max(0, Math.ceil((turn.endsAt - effectiveTime(state, now)) / 1000));
  return (
    <div className="sd-player" data-board-id={turn.boardId}>
      <div key={`${turn.index}-${turn.startsAt}`} className={`sd-player__stage sd-player__stage--${config.transition}`}>
        <BoardView
          boardId={turn.boardId}
          fill
          header={(name, live) => (
            <header className="sd-screen__bar">
              <h1 className="sd-screen__title" data-testid="player-board">
                {name}
              </h1>
              {live}
            </header>
          )}
        />
      </div>
      <footer className="sd-player__status" aria-live="polite">
        <span>
          {t('player.position', { index: turn.index + 1, total: config.entries.length })} · {entry?.boardName ?? t('player.hiddenBoard')}
        </span>
        {state.pausedAt !== null ? (
          <Tag icon={<PauseCircleOutlined />} color="orange" data-testid="player-paused">
            {t('player.paused')}
          </Tag>
        ) : (
          <span>{t('player.next', { seconds: remaining })}</span>
        )}
        <span className="sd-player__keys">{t('player.keys')}</span>
      </footer>
    </div>
  );
}
