/** The club's postal address, where riders post their route card, as the pages, mails and documents show it. */
export interface ClubPostalAddress {
  /** The lines as written on an envelope, the club's name first. */
  lines: readonly string[];
  /**
   * A test site's stand-in (payments in test mode and no CLUB_POSTAL_ADDRESS): every place that shows it says
   * "demonstration address" in the reader's language (`common:postalAddress.demonstration`).
   */
  demonstration: boolean;
}
