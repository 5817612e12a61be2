-- Reserved for rto delivery record; filled by the change that needs it.
SELECT 1;
