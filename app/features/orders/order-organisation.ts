/** An organisation's order as its buyer's page states it (docs/decisions/0055, 0057). */
export interface OrderOrganisation {
  name: string;
  /** The member who placed it, by the name they had then. */
  buyerName: string | null;
  poNumber: string | null;
  /** The tax exemption certificate it carried no sales tax under. */
  taxCertificate: string | null;
}
