// The one import of the scenario module in src/ui (switch to '../../scenarios' when it lands).
export * from '../stubs/scenarios';
