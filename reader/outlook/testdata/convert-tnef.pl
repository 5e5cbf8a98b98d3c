#!/usr/bin/perl
# Reads a TNEF stream with Perl's Convert::TNEF (Debian's
# libconvert-tnef-perl), checksums checked, and prints what it found, one
# line each as JSON strings (one character a byte): the message's body
# (attBody) and each attachment's name and data (attAttachData), as the
# outlook reader's oracle test compares them. Convert::TNEF does not
# decode the MAPI properties (attMsgProps, attAttachment), so the HTML
# or RTF body and an attached message (PR_ATTACH_DATA_OBJ) are not read.
use strict;
use warnings;
use Convert::TNEF;
use JSON::PP;

my $json = JSON::PP->new->ascii->allow_nonref;
my $tnef = Convert::TNEF->read_in($ARGV[0], { output_to_core => 'ALL' })
  or die "Convert::TNEF: $Convert::TNEF::errstr\n";
my $body = $tnef->message->data('Body');
print 'body ', $json->encode(defined $body ? $body : ''), "\n";
for my $a ($tnef->attachments) {
  my $data = $a->data;
  next unless defined $data;
  print 'attachment ', $json->encode($a->longname || ''), ' ', $json->encode($data), "\n";
}
