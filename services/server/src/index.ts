export { launch, type Running, type LaunchOptions } from './launcher';
export { resolveTargets, MODULE_NAMES } from './modules';
