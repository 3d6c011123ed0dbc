export * from '../../../src/model/index.ts';
export { hasContentOf as hasContentOfForTests } from '../../../src/model/sim.ts';
