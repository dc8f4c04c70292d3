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
export { adjust, featuresOfItem, readSignals, weigh } from './score.ts';
export { normalizeText } from './text.ts';
