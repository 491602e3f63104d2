import { useMutation } from '@tanstack/react-query';
import type { UploadedImage } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

/** POST /api/images: the server checks the bytes, strips metadata and stores resized WebP variants. */
export const uploadImage = (file: File) => api.upload<UploadedImage>('/api/images', file);

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
