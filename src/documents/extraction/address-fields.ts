import { findDate } from './dates';
import { labelled, labelledBlock, textLines } from './text-lines';

/** Field rules for a proof of address (utility bill, bank statement, council tax bill …). */
export interface AddressFields {
  name?: string;
  address?: string;
  issueDate?: string;
}

const NAME_LABELS = ['account holder', 'account name', 'customer name', 'name of account holder', 'bill to', 'addressee', 'name'];
const ADDRESS_LABELS = ['service address', 'supply address', 'property address', 'billing address', 'correspondence address', 'address'];
const DATE_LABELS = ['statement date', 'date of statement', 'issue date', 'date of issue', 'date issued', 'issued on', 'bill date', 'invoice date', 'date'];

export function readAddressFields(text: string): AddressFields {
  const lines = textLines(text);
  const out: AddressFields = {};
  const name = labelled(lines, NAME_LABELS)?.value;
  if (name) out.name = name.replace(/[\s,;:.]+$/, '');
  const address = labelledBlock(lines, ADDRESS_LABELS);
  if (address) out.address = address;
  const dateText = labelled(lines, DATE_LABELS)?.value;
  const date = dateText ? findDate(dateText) : null;
  if (date) out.issueDate = date;
  return out;
}
