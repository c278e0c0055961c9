import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';

import { Button } from '@/components/ui/button';
import { useCustomerT, type CustomerT } from '@/lib/customer-i18n';
import { cn } from '@/lib/utils';
import type { Language } from '@shared/i18n/languages';
import { VIDEO_MAX_SECONDS } from '@shared/schemas/public-review';

import { formatBytes, formatSeconds } from './format';
import { UploadIcon, VideoIcon } from './icons';

const RECORDER_TYPES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4',
];

function canRecord(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

function recorderType(): string | undefined {
  return RECORDER_TYPES.find((type) => MediaRecorder.isTypeSupported?.(type));
}

/** A size or type problem with a chosen file, in the customer's words; null when it may be sent. */
export function checkVideoFile(
  file: Blob,
  maxBytes: number,
  t: CustomerT,
  language: Language,
): string | null {
  if (file.type && !file.type.startsWith('video/')) return t('video.notAVideo');
  if (file.size > maxBytes)
    return t('video.tooLarge', {
      size: formatBytes(file.size, language),
      limit: formatBytes(maxBytes, language),
    });
  if (file.size === 0) return t('video.empty');
  return null;
}

interface VideoCaptureProps {
  value: Blob | null;
  onChange: (video: Blob | null) => void;
  maxBytes: number;
  acceptedTypes: string[];
  disabled?: boolean;
}

type Mode = 'idle' | 'starting' | 'recording';

/**
 * An optional short video: recorded in the browser (MediaRecorder, stops itself after a minute) or
 * chosen from the device. The chosen video plays back before it is sent.
 */
export function VideoCapture({ value, onChange, maxBytes, acceptedTypes, disabled }: VideoCaptureProps) {
  const { t, language } = useCustomerT();
  const inputId = useId();
  const errorId = useId();
  const [mode, setMode] = useState<Mode>('idle');
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  /** What the recorder has handed over so far: shown while recording, so "Stop" is known to keep something. */
  const [recordedBytes, setRecordedBytes] = useState(0);
  const [recordingSupported] = useState(canRecord);
  const [recorded, setRecorded] = useState(false);
  const [playbackUrl, setPlaybackUrl] = useState<string | null>(null);

  const liveRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const timerRef = useRef<number | null>(null);

  useEffect(() => {
    if (!value) {
      setPlaybackUrl(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPlaybackUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  function stopStream() {
    if (timerRef.current !== null) window.clearInterval(timerRef.current);
    timerRef.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }

  // Leaving the page turns the camera off.
  useEffect(() => () => stopStream(), []);

  async function startRecording() {
    setError(null);
    setMode('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
        audio: true,
      });
      streamRef.current = stream;
      if (liveRef.current) {
        liveRef.current.srcObject = stream;
        void liveRef.current.play().catch(() => {});
      }
      const mimeType = recorderType();
      const recorder = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        videoBitsPerSecond: 1_000_000,
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        setRecordedBytes((bytes) => bytes + event.data.size);
      };
      recorder.onstop = () => {
        stopStream();
        setMode('idle');
        const type = (recorder.mimeType || mimeType || 'video/webm').split(';')[0]!;
        const blob = new Blob(chunks, { type });
        const problem = checkVideoFile(blob, maxBytes, t, language);
        if (problem) {
          setError(problem);
          return;
        }
        setRecorded(true);
        onChange(blob);
      };
      recorderRef.current = recorder;
      recorder.start(1000);
      const started = Date.now();
      setElapsed(0);
      setRecordedBytes(0);
      setMode('recording');
      timerRef.current = window.setInterval(() => {
        const seconds = (Date.now() - started) / 1000;
        setElapsed(seconds);
        if (seconds >= VIDEO_MAX_SECONDS && recorder.state === 'recording') recorder.stop();
      }, 250);
    } catch (err) {
      stopStream();
      setMode('idle');
      const name = err instanceof DOMException ? err.name : '';
      setError(name === 'NotAllowedError' ? t('video.cameraNotAllowed') : t('video.cameraFailed'));
    }
  }

  function stopRecording() {
    if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
  }

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkVideoFile(file, maxBytes, t, language);
    setError(problem);
    if (problem) return;
    setRecorded(false);
    onChange(file);
  }

  function remove() {
    setError(null);
    setRecorded(false);
    onChange(null);
  }

  const busy = mode !== 'idle';
  const accept = ['video/*', ...acceptedTypes].join(',');

  return (
    <div className="space-y-3">
      {/* The live camera stays in the tree while starting so the stream can attach to it. */}
      <div className={cn('overflow-hidden rounded-lg bg-black', !busy && 'hidden')}>
        <video ref={liveRef} muted playsInline className="aspect-video w-full -scale-x-100 object-cover" />
      </div>

      {mode === 'recording' && (
        <div className="flex items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm font-medium" aria-live="off">
            <span className="size-2.5 rounded-full bg-red-600 motion-safe:animate-pulse" aria-hidden="true" />
            {t('video.recording', {
              elapsed: formatSeconds(elapsed, language),
              limit: formatSeconds(VIDEO_MAX_SECONDS, language),
            })}
            {recordedBytes > 0 ? `, ${formatBytes(recordedBytes, language)}` : ''}
          </p>
          <Button type="button" variant="destructive" onClick={stopRecording} className="min-h-11">
            {t('video.stop')}
          </Button>
        </div>
      )}

      {value && playbackUrl && !busy && (
        <div className="space-y-2">
          <video
            src={playbackUrl}
            controls
            playsInline
            aria-label={t('video.yourVideo')}
            className="aspect-video w-full rounded-lg bg-black"
          />
          <p className="text-sm text-muted-foreground">
            {value instanceof File
              ? t('video.chosenFile', { name: value.name, size: formatBytes(value.size, language) })
              : t('video.yourRecording', { size: formatBytes(value.size, language) })}
          </p>
          <div className="flex flex-wrap gap-2">
            {recorded && recordingSupported && (
              <Button
                type="button"
                variant="outline"
                onClick={startRecording}
                disabled={disabled}
                className="min-h-11"
              >
                {t('video.recordAgain')}
              </Button>
            )}
            <Button type="button" variant="outline" onClick={remove} disabled={disabled} className="min-h-11">
              {t('video.remove')}
            </Button>
          </div>
        </div>
      )}

      {!value && !busy && (
        <div className="grid grid-cols-1 gap-2 min-[380px]:grid-cols-2">
          {recordingSupported && (
            <Button
              type="button"
              variant="outline"
              onClick={startRecording}
              disabled={disabled}
              className="min-h-12"
            >
              <VideoIcon className="size-5" />
              {t('video.record')}
            </Button>
          )}
          <div className={cn(!recordingSupported && 'min-[380px]:col-span-2')}>
            <input
              id={inputId}
              type="file"
              accept={accept}
              className="peer sr-only"
              onChange={onFileChosen}
              disabled={disabled}
              aria-describedby={error ? errorId : undefined}
            />
            <label
              htmlFor={inputId}
              className={cn(
                'flex min-h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium shadow-sm hover:bg-accent hover:text-accent-foreground',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
                'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
              )}
            >
              <UploadIcon className="size-5" />
              {t('video.upload')}
            </label>
          </div>
        </div>
      )}

      {mode === 'starting' && <p className="text-sm text-muted-foreground">{t('video.starting')}</p>}

      {!value && !busy && (
        <p className="text-xs text-muted-foreground">
          {t('video.limits', {
            seconds: new Intl.NumberFormat(language).format(VIDEO_MAX_SECONDS),
            size: formatBytes(maxBytes, language),
          })}
        </p>
      )}

      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
