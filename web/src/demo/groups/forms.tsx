import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { InputMasksPage, UploadPage } from '../gallery/FormsPages';

export const pages: Record<(typeof demoGroups)['forms'][number], ComponentType> = {
  'input-masks': InputMasksPage,
  upload: UploadPage,
};
