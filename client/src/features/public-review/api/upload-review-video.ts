import type { VideoUploadResult } from '@shared/schemas/public-review';

import { publicReviewUrl } from './get-public-review';
import { PublicReviewError, serverMessageOf } from './public-review-errors';

function fileNameFor(video: Blob): string {
  if (video instanceof File && video.name) return video.name;
  const subtype = video.type.split('/')[1]?.split(';')[0] || 'webm';
  return `recording.${subtype}`;
}

/**
 * POST /api/public/review/:link/video as multipart 'video'. XMLHttpRequest, because fetch cannot report
 * upload progress; `onProgress` receives 0..1.
 */
export function uploadReviewVideo(
  link: string,
  video: Blob,
  onProgress: (fraction: number) => void,
): Promise<VideoUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${publicReviewUrl(link)}/video`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as VideoUploadResult);
      } else {
        reject(new PublicReviewError(xhr.status, serverMessageOf(body)));
      }
    };
    xhr.onerror = () => reject(new PublicReviewError(0, ''));
    const form = new FormData();
    form.append('video', video, fileNameFor(video));
    xhr.send(form);
  });
}
