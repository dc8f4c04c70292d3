/** The scorer's parts for the training script and the eval (not the public surface: see ../scoring.ts). */
export {
  FEATURE_COUNT,
  type Features,
  featuresOf,
  fnv1a,
  logit,
  pairLogit,
  stemHashes,
  stemsOf,
} from './features.ts';
export { compileProfile } from './profile.ts';
export { readSignals } from './read.ts';
export { featuresOfItem } from './score.ts';
export { normalizeText } from './text.ts';
export { adjust, weigh } from './weigh.ts';
