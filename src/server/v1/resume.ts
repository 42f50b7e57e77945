// Resume (Currículo): the entries are generic resources (schemas/resume/*.json, /api/resume-*); this
// module adds their write rules (src/server/resume/hooks.ts). The spec does not show resume calls.
import { registerResumeHooks } from '../resume/hooks.js';
import type { V1Module } from './index.js';

const resumeModule: V1Module = async (_app, { service }) => {
  registerResumeHooks(service);
};

export default resumeModule;
