/** The ns-2 SCTP fixture readers and the engine's trace as ns-2 rows (tests/helpers/ns2-sctp.ts). */
export {
  engineRows,
  readNs2Events,
  readNs2Vars,
  rowText,
  type Ns2Row,
  type Ns2VarsRow,
} from '../../helpers/ns2-sctp';
