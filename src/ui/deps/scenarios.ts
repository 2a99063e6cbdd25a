// The one import of the scenario module in src/ui.
export * from '../../scenarios';
